import { describe, expect, it } from 'vitest';
import { createSubject } from '../subject/service.js';
import { useTestActors } from '../test-support/database.js';
import { tag } from '../test-support/universities.js';
import { createUniversity } from '../university/service.js';
import { kindSlug, slugify } from './slug.js';

const { actors } = useTestActors();

describe('slugify', () => {
  it.each([
    ['中文大学', 'zhong-wen-da-xue'],
    ['Ørsted', 'orsted'],
    ['Université Paris-Saclay', 'universite-paris-saclay'],
    ['Московский университет', 'moskovskiy-universitet'],
    ['İstanbul Üniversitesi', 'istanbul-universitesi'],
    ['Straße', 'strasse'],
    ['ﬁnance 𝔘𝔫𝔦', 'finance-uni'],
    ["King's College London", 'king-s-college-london'],
  ])('when the name is %j, then the slug is %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it.each(['😀🎓', '\u0301\u0302', '   ', '—·—'])(
    'when the name %j has nothing to transliterate, then the slug is empty',
    (name) => {
      expect(slugify(name)).toBe('');
    },
  );

  it('when a kind slug is drawn twice, then both are the kind and six random letters or digits', () => {
    const [first, second] = [kindSlug('university'), kindSlug('university')];
    expect(first).toMatch(/^university-[a-z0-9]{6}$/);
    expect(second).toMatch(/^university-[a-z0-9]{6}$/);
    expect(first).not.toBe(second);
  });
});

describe('generated slugs of created resources', () => {
  it('when a university is named in Chinese, then its slug is the pinyin', async () => {
    const t = tag();
    const created = await createUniversity({
      actor: actors.editor,
      input: { name: `中文大学 ${t}`, shortName: '中大' },
    });
    expect(created.slug).toBe(`zhong-wen-da-xue-${t}`);
  });

  it('when a name has nothing to transliterate, then the slug is the kind and a random suffix, never a counter', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(
        await createUniversity({ actor: actors.editor, input: { name: '🎓', shortName: '🎓' } }),
      );
    }
    for (const university of made) expect(university.slug).toMatch(/^university-[a-z0-9]{6}$/);
    expect(new Set(made.map((u) => u.slug)).size).toBe(3);
    const subject = await createSubject({ actor: actors.editor, input: { name: '∑∏' } });
    expect(subject.slug).toMatch(/^subject-[a-z0-9]{6}$/);
  });

  it('when two Latin names collide, then the second still takes the next number', async () => {
    const name = `Ørsted Institute ${tag()}`;
    const first = await createUniversity({
      actor: actors.editor,
      input: { name, shortName: 'OI' },
    });
    const second = await createUniversity({
      actor: actors.editor,
      input: { name, shortName: 'OI' },
    });
    expect(second.slug).toBe(`${first.slug}-2`);
    expect(first.slug).toMatch(/^orsted-institute-/);
  });
});
