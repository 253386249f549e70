import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NO_CONTROL_CHARACTERS } from '../../src/lib/schemas/text';
import { type RequestField, requestFields } from '../helpers/request-fields';

// The text rule on every field of every request schema the contract declares (bodies and queries here; path
// parameters, which the functions read themselves, through the handlers in tests/api/control-characters.test.ts).

const fields = requestFields().filter(({ part }) => part !== 'params');
const textFields = fields.filter(({ kind }) => kind === 'string');
const label = ({ resource, name, part, field }: RequestField) => `${resource}.${name} ${part}.${field}`;

/** C0 (a null byte, a bell, an escape, a vertical tab, a form feed), DEL and C1 (NEL, CSI). */
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u000b', '\u000c', '\u007f', '\u0085', '\u009b'];
/**
 * Only notes, addresses and contents are typed in a multi-line box: they alone may hold tabs and line breaks.
 * An import's cells are a file's own text: each row is then checked by the create rules, so a line break in a
 * one-line field fails that row, named on its cell, rather than the whole file.
 */
const LINE_BREAKS = ['a\tb', 'a\nb', 'a\r\nb'];
const MULTILINE_NAME = /(^|[._])(address|notes?|contents|message)$|(^|\.)cells\.\w+$/;
/** Compared byte for byte with what was hashed or issued: normalising them would refuse a right one. */
const SECRET_NAME = /(^|[._])(password|challenge|token)$/;

function messagesAt(item: RequestField, value: unknown): string[] {
  const result = (item.endpoint[item.part] as z.ZodType).safeParse(item.input(value));
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === item.field).map((issue) => issue.message);
}

describe('every text field of every request refuses control characters, naming the field', () => {
  it('finds the fields by walking the contract', () => {
    expect(textFields.length).toBeGreaterThan(80);
    expect(textFields.map(label)).toEqual(
      expect.arrayContaining([
        'apiKeys.create body.name',
        'scans.create body.events.0.note',
        'tracking.batch body.numbers.0',
        'shipments.list query.cursor',
      ]),
    );
  });

  it.each(textFields.map((item) => [label(item), item] as const))('%s', (_, item) => {
    for (const value of ['\u0000', ...CONTROL_CHARACTERS.map((c) => `a${c}b`)]) {
      expect(messagesAt(item, value), JSON.stringify(value)).toContain(NO_CONTROL_CHARACTERS);
    }
  });

  it.each(
    fields.filter(({ kind }) => kind === 'number' || kind === 'enum').map((item) => [label(item), item] as const),
  )('%s (numbers and choices refuse them too)', (_, item) => {
    for (const c of CONTROL_CHARACTERS) expect(messagesAt(item, `1${c}2`), JSON.stringify(c)).not.toEqual([]);
  });
});

describe('tabs and line breaks only in multi-line fields', () => {
  const multiline = textFields.filter(
    (item) => !LINE_BREAKS.some((value) => messagesAt(item, value).includes(NO_CONTROL_CHARACTERS)),
  );

  it('are the notes, addresses and contents', () => {
    expect(multiline.length).toBeGreaterThan(0);
    for (const item of multiline) expect(item.field, label(item)).toMatch(MULTILINE_NAME);
  });

  it.each(textFields.filter((item) => !multiline.includes(item)).map((item) => [label(item), item] as const))(
    '%s refuses them',
    (_, item) => {
      for (const value of LINE_BREAKS) {
        expect(messagesAt(item, value), JSON.stringify(value)).toContain(NO_CONTROL_CHARACTERS);
      }
    },
  );
});

describe('free text is stored NFC-normalised', () => {
  it.each(textFields.filter(({ field }) => !SECRET_NAME.test(field)).map((item) => [label(item), item] as const))(
    '%s',
    (_, item) => {
      // A field that takes the word at all (a format such as an email or a date refuses it) keeps it composed.
      const result = item.schema.safeParse('Cafe\u0301');
      if (result.success && typeof result.data === 'string') expect(result.data).toBe(result.data.normalize('NFC'));
    },
  );
});
