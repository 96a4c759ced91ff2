// Reads an operator's list of addresses to suppress: a CSV file with an "email" column (as mail
// providers export feedback-loop and bounce reports) or plain text with one address a line. Each
// address is trimmed and lower-cased; a line that holds no valid address is counted, not fatal.
import { z } from 'zod';

export interface ParsedAddresses {
  /** Valid addresses, each once, in the order of the file. */
  emails: string[];
  /** Lines that held no valid address (the CSV header not counted). */
  bad: number;
  /** Valid addresses seen again further down. */
  duplicates: number;
}

const isEmail = (s: string) => s.length <= 191 && z.email().safeParse(s).success;

/** Splits one CSV line into cells (RFC 4180 quotes; a comma or a semicolon separates). */
function cellsOf(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === sep && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells.map((s) => s.trim());
}

/** The column holding the address when the first line is a CSV header naming it, else undefined. */
function csvHeader(first: string): { sep: string; column: number } | undefined {
  for (const sep of [',', ';', '\t']) {
    const cells = cellsOf(first, sep).map((c) => c.toLowerCase());
    const column = cells.findIndex((c) => c === 'email' || c === 'e-mail' || c === 'email_address' || c === 'address');
    if (column >= 0) return { sep, column };
  }
  return undefined;
}

export function parseAddressList(text: string): ParsedAddresses {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const header = lines.length ? csvHeader(lines[0]!) : undefined;
  const body = header ? lines.slice(1) : lines;
  const seen = new Set<string>();
  const out: ParsedAddresses = { emails: [], bad: 0, duplicates: 0 };
  for (const line of body) {
    const raw = header ? (cellsOf(line, header.sep)[header.column] ?? '') : line.trim().replace(/^"(.*)"$/, '$1');
    const email = raw.trim().toLowerCase();
    if (!isEmail(email)) out.bad++;
    else if (seen.has(email)) out.duplicates++;
    else {
      seen.add(email);
      out.emails.push(email);
    }
  }
  return out;
}
