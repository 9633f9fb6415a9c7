// The one CSV reader behind the price, external and label files: RFC 4180 quoting, a BOM,
// every line end, blank lines; each record with the line it starts on; text that is not CSV
// is an error naming the line of the record it breaks.
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, readCsvRecords } from '../../src/sources/csv-records.js';

function syntaxError(text: string): CsvSyntaxError {
  try {
    readCsvRecords(text);
  } catch (e) {
    expect(e).toBeInstanceOf(CsvSyntaxError);
    return e as CsvSyntaxError;
  }
  throw new Error('expected a CsvSyntaxError');
}

describe('CSV records', () => {
  it('quoted fields with commas, doubled quotes and line breaks; CRLF; a byte-order mark; blank lines', () => {
    expect(readCsvRecords('\uFEFFa,b\r\n"x, ""y""","multi\nline"\r\n\r\nlast,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, "y"', 'multi\nline'] },
      { line: 5, fields: ['last', ''] },
    ]);
  });

  it('a line break inside quotes moves the next record down one line, whatever its kind', () => {
    expect(readCsvRecords('a\r\n"x\r\ny"\r\n"p\rq"\r\nz\r\n').map((r) => r.line)).toEqual([1, 2, 4, 6]);
  });

  it('LF, CRLF and CR line ends in one file; no trailing newline', () => {
    expect(readCsvRecords('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
      { line: 3, fields: ['e', 'f'] },
      { line: 4, fields: ['g', 'h'] },
    ]);
  });

  it('trims the spaces around fields, keeps them inside quotes; a quote inside an unquoted field is text', () => {
    expect(readCsvRecords(' a ,\t"b" , " c "\n5" Pool,x"y\n   \n')).toEqual([
      { line: 1, fields: ['a', 'b', ' c '] },
      { line: 2, fields: ['5" Pool', 'x"y'] },
    ]);
  });

  it('an empty text has no records', () => {
    expect(readCsvRecords('')).toEqual([]);
    expect(readCsvRecords('\uFEFF\n\n')).toEqual([]);
  });

  it('a quote left open names the line the record starts on', () => {
    const e = syntaxError('a,b\n"x\ny",z\nc,d\n"open,e\nf,g\n');
    expect(e.line).toBe(5);
    expect(e.message).toBe('line 5: a quoted field is never closed (a " opens it and the file ends before its closing ")');
  });

  it('text after a closing quote names its line', () => {
    expect(syntaxError('a,b\n"q"r,s\n').message).toBe('line 2: text follows the closing quote of a field (inside quotes, a quote is written "")');
  });
});
