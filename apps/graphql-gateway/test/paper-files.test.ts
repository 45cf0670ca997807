// Paper.file through the graph: the same file the REST API serves, with the paper's visibility,
// and deletePaperFile with the REST role rule.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { uploadPaperFile } from '@qpc/domain';
import { makeCatalog, PaperModel, samplePdf, uid as tag } from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';
import { ADMINS, roleMatrix } from './support/matrix.js';
import { recordCase } from './support/write-cases.js';

const { gw, callers, admin, author } = useGateway({ withAuthor: true });

async function attach(paperId: string): Promise<Buffer> {
  const pdf = samplePdf(`Paper ${tag()}`);
  await uploadPaperFile({
    actor: admin,
    id: paperId,
    body: Readable.from([pdf]),
    maxBytes: pdf.length,
  });
  return pdf;
}

const FILE_QUERY = 'query ($s: Slug!) { paper(slug: $s) { id file { size sha256 uploadedAt } } }';

describe('Paper.file', () => {
  it('when a paper has a file, then file has its size, SHA-256 and upload time; without one it is null', async () => {
    const c = await makeCatalog(admin, author);
    const { body: before } = await gw.gql(FILE_QUERY, { s: c.approved.slug });
    expect(before.errors).toBeUndefined();
    expect(before.data.paper.file).toBeNull();

    const pdf = await attach(c.approved.id);
    const { body } = await gw.gql(FILE_QUERY, { s: c.approved.slug });
    expect(body.data.paper.file).toEqual({
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      uploadedAt: expect.any(String),
    });
    const stored = await PaperModel.findById(c.approved.id, { file: 1 }).lean();
    expect(body.data.paper.file.uploadedAt).toBe(stored!.file!.uploadedAt.toISOString());
  });

  it('when papers are listed, then each carries its file, and the file of a pending paper only reaches editors', async () => {
    const c = await makeCatalog(admin, author);
    await attach(c.approved.id);
    await attach(c.pending.id);
    const query =
      'query ($o: ObjectID!) { papers(subjectOfferingId: $o) { items { id file { sha256 } } } subjectOffering(id: $o) { papers { id file { size } } } }';
    const anonymous = await gw.gql(query, { o: c.offering.id });
    expect(anonymous.body.errors).toBeUndefined();
    expect(anonymous.body.data.papers.items).toEqual([
      { id: c.approved.id, file: { sha256: expect.stringMatching(/^[a-f0-9]{64}$/) } },
    ]);
    expect(anonymous.body.data.subjectOffering.papers).toHaveLength(1);
    const editor = await gw.gql(query, { o: c.offering.id }, callers.headers('editor'));
    expect(editor.body.data.papers.items.map((p: { file: unknown }) => p.file)).toEqual([
      { sha256: expect.any(String) },
      { sha256: expect.any(String) },
    ]);
  });

  it('when the schema is read, then PaperFile names no storage internals', async () => {
    const { body } = await gw.gql('{ __type(name: "PaperFile") { fields { name } } }');
    expect(body.data.__type.fields.map((f: { name: string }) => f.name).sort()).toEqual([
      'sha256',
      'size',
      'uploadedAt',
    ]);
  });
});

describe('deletePaperFile', () => {
  async function paperWithFile() {
    const c = await makeCatalog(admin, author);
    await attach(c.approved.id);
    return c.approved;
  }
  roleMatrix({ gw, callers }, [
    recordCase(
      'deletePaperFile',
      ADMINS,
      paperWithFile,
      'mutation ($id: ObjectID!) { deletePaperFile(id: $id) }',
      async (paper) => (await PaperModel.findById(paper.id, { file: 1 }).lean())?.file === null,
    ),
  ]);

  it('when the paper has no file, then NOT_FOUND', async () => {
    const c = await makeCatalog(admin, author);
    const { body } = await gw.gql(
      'mutation ($id: ObjectID!) { deletePaperFile(id: $id) }',
      { id: c.approved.id },
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
