// A small RFC 4180 reader for OLI label exports: quoted fields may hold commas, quotes ("")
// and line breaks, so splitting lines on commas would misread a contract name like
// "Pool, v2". Each record keeps the file line it starts on, for messages.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export function readCsvRecords(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not part of the header
  const endRecord = (): void => {
    fields.push(field);
    // A blank line is no record (a trailing newline, spacing between blocks).
    if (!(fields.length === 1 && fields[0]!.trim() === '')) out.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}
