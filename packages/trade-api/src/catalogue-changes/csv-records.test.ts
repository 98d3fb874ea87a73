import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, readCsvRecords } from './csv-records.ts';

/** The line and message a text is refused with, or undefined when it reads. */
function problem(text: string): { line: number; message: string } | undefined {
  try {
    readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { line: error.line, message: error.message };
  }
  return undefined;
}

describe('readCsvRecords', () => {
  it('reads fields with quotes, commas and line breaks, and the line each record starts on', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, ""y""",\r\n\r\n2,"two\nlines",z\n3,,\n"",4,5';
    expect(readCsvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, "y"', ''] },
      { line: 4, fields: ['2', 'two\nlines', 'z'] },
      { line: 6, fields: ['3', '', ''] },
      { line: 7, fields: ['', '4', '5'] },
    ]);
  });

  it('counts a lone CR as a line break and skips empty lines, not an empty quoted field', () => {
    expect(readCsvRecords('a\rb\n\n""\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: ['b'] },
      { line: 4, fields: [''] },
    ]);
    expect(readCsvRecords('')).toEqual([]);
  });

  it('names the line of a quote that is never closed or stands in the wrong place', () => {
    expect(problem('a\nb\n"open,1\n2')).toEqual({
      line: 3,
      message: 'a quoted field is never closed',
    });
    expect(problem('a\nb"c,1')).toMatchObject({ line: 2 });
    expect(problem('a\n"b"c,1')).toMatchObject({ line: 2 });
  });
});
