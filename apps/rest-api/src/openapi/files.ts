// The OpenAPI shapes of binary routes (a paper's PDF): raw request bodies and streamed answers,
// so the docs page can upload and download a file.
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { FileResponse, RawBody } from '../routes/route.js';

const BINARY = { type: 'string', format: 'binary' } as const;
const header = (description: string, type: 'string' | 'integer' = 'string') => ({
  description,
  schema: { type },
});

/** Error responses only binary routes answer; registered beside the others. */
export const FILE_ERROR_RESPONSES = {
  UnsupportedMediaType: {
    status: 415,
    description:
      'UNSUPPORTED_MEDIA_TYPE: the upload is not what the operation takes (a paper file that is not a PDF the parser opens within its limits; the message says why).',
  },
  RangeNotSatisfiable: {
    status: 416,
    description:
      'RANGE_NOT_SATISFIABLE: the `Range` lies outside the file; `Content-Range: bytes */<size>` gives its size.',
    headers: { 'Content-Range': header('`bytes */<size>`') },
  },
};

/**
 * The request body of a route that streams its own body: its media type, and
 * `application/octet-stream` too (the route looks at the bytes, not the header; generic clients
 * and API fuzzers know how to send that one).
 */
export function rawRequestBody(rawBody: RawBody): NonNullable<RouteConfig['request']>['body'] {
  return {
    required: true,
    description: rawBody.description,
    content: {
      [rawBody.contentType]: { schema: BINARY },
      'application/octet-stream': { schema: BINARY },
    },
  };
}

/** The request headers a download understands. */
export const fileRequestHeaders = {
  'If-None-Match': 'An ETag from an earlier download: 304 when the file is unchanged',
  Range: 'One byte range, `bytes=start-end`, `bytes=start-` or `bytes=-suffix`: 206',
  'If-Range': 'An ETag: the Range is honoured only while the file still has it',
};

/** 200 (the whole file), 206 (a range) and 304 (unchanged) of a download. */
export function fileSuccessResponses(
  response: FileResponse,
  commonHeaders: Record<string, unknown>,
): Record<string, ResponseConfig> {
  const content = { [response.contentType]: { schema: BINARY } };
  const fileHeaders = {
    ...commonHeaders,
    ETag: { $ref: '#/components/headers/ETag' },
    'Content-Length': header('Bytes in this answer', 'integer'),
    'Content-Disposition': header('`attachment; filename="<slug>.pdf"`'),
    'Accept-Ranges': header('`bytes`'),
    'Last-Modified': header('When the file was uploaded'),
  };
  return {
    200: { description: response.description, headers: fileHeaders, content },
    206: {
      description: `Part of it: the range asked for (${response.contentType})`,
      headers: { ...fileHeaders, 'Content-Range': header('`bytes start-end/size`') },
      content,
    },
    304: { description: 'Not modified: the If-None-Match header matches the current ETag' },
  };
}
