import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isoString, toDto } from './serialize.js';

describe('isoString', () => {
  it('writes what toISOString writes, across four-digit years and every padding', () => {
    const samples = [
      Date.UTC(1000, 0, 1, 0, 0, 0, 0),
      Date.UTC(1970, 0, 1, 0, 0, 0, 7),
      Date.UTC(2023, 10, 28, 9, 5, 3, 45),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    // A walk over 3,000 years in uneven steps, so months, days, hours and milliseconds all vary.
    for (
      let t = Date.UTC(1000, 0, 1);
      t < Date.UTC(9999, 0, 1);
      t += 31_557_600_000 * 3 + 86_399_937
    ) {
      samples.push(t);
    }
    for (const time of samples) {
      const date = new Date(time);
      expect(isoString(date)).toBe(date.toISOString());
    }
  });

  it('hands other years and invalid dates to toISOString: six-digit years, RangeError', () => {
    for (const time of [Date.UTC(999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), -8.64e15]) {
      const date = new Date(time);
      expect(isoString(date)).toBe(date.toISOString());
    }
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('toDto', () => {
  it('renames _id at every level, writes ids and dates as strings and drops internal keys', () => {
    const id = new Types.ObjectId();
    const child = new Types.ObjectId();
    const at = new Date(Date.UTC(2024, 4, 6, 7, 8, 9, 10));
    expect(
      toDto(
        {
          _id: id,
          __v: 3,
          searchKeys0: ['x'],
          searchTitleKeys: ['y'],
          createdAt: at,
          parts: [{ _id: child, at }],
          secret: 's',
        },
        new Set(['secret']),
      ),
    ).toEqual({
      id: id.toHexString(),
      createdAt: '2024-05-06T07:08:09.010Z',
      parts: [{ id: child.toHexString(), at: '2024-05-06T07:08:09.010Z' }],
    });
  });
});
