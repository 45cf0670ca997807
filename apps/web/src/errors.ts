// What the API reports, in words a student or editor can act on.
import { ApiError } from '@qpc/client/graphql';

export interface Explained {
  title: string;
  detail: string;
  requestId?: string | undefined;
}

/** A title and a sentence for any error the client raises. */
export function explain(error: unknown): Explained {
  if (!(error instanceof ApiError)) {
    return { title: 'Something went wrong', detail: String(error) };
  }
  const base = { requestId: error.requestId };
  switch (error.status) {
    case 401:
      return {
        ...base,
        title: 'Sign-in needed',
        detail:
          'Your token is missing, invalid or expired. Sign in again (or paste a fresh token from npm run token).',
      };
    case 403:
      return { ...base, title: 'Not allowed', detail: `${error.message}.` };
    case 404:
      return { ...base, title: 'Not found', detail: `${error.message}.` };
    case 429:
      return {
        ...base,
        title: 'Too many requests',
        detail: `You have reached the request limit. Wait ${
          error.retryAfterSeconds ? `${error.retryAfterSeconds} seconds` : 'a moment'
        } and try again.`,
      };
    case 0:
    case 502:
    case 503:
    case 504:
      return {
        ...base,
        title: 'Service unavailable',
        detail:
          'The catalog cannot be reached right now (its database or gateway is down). Try again in a moment.',
      };
    case 400: {
      const fields = error.details?.map((d) => `${d.path}: ${d.message}`).join('; ');
      return {
        ...base,
        title: 'Refused',
        detail: fields ? `${error.message} (${fields})` : error.message,
      };
    }
    default:
      return { ...base, title: 'Something went wrong', detail: error.message };
  }
}
