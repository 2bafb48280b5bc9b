/**
 * Splits a SQL file into statements exactly as the Supabase CLI does (pkg/parser, `SplitAndTrim`), because
 * the CLI stores that array in supabase_migrations.schema_migrations.statements and runs each element as
 * its own statement. A port of its state machine: `;` ends a statement unless it is inside a quote
 * ('…', "…"), a dollar quote ($tag$…$tag$), a comment (--, nested /* *\/), after a backslash, inside
 * parentheses, or inside a BEGIN ATOMIC … END body. Statements keep their comments; trailing `;` and
 * surrounding white space are trimmed and empty statements dropped.
 *
 * One difference: the CLI feeds the bytes of multi-byte characters to its tokenizer one by one, which
 * breaks dollar-quote tags containing non-ASCII letters; here tags may contain any letter.
 */

/**
 * The statement read so far (`sql.slice(start, end)`, the Go code's `data`), as a window onto the whole
 * text: copying it for every character would make long statements quadratic.
 */
class Token {
  constructor(
    readonly sql: string,
    readonly start: number,
    public end: number,
  ) {}

  get length(): number {
    return this.end - this.start;
  }

  /** The last `n` characters (fewer if the token is shorter). */
  tail(n: number): string {
    return this.sql.slice(Math.max(this.start, this.end - n), this.end);
  }

  /** From `offset` (relative to the token) to the end. */
  from(offset: number): string {
    return this.sql.slice(this.start + offset, this.end);
  }

  /** The character at `offset` (relative to the token). */
  at(offset: number): string {
    return this.sql[this.start + offset] ?? '';
  }
}

interface State {
  /** The next state after reading `char`; `null` ends the statement (on `;`). */
  next(char: string, data: Token): State | null;
}

const BEGIN_ATOMIC = 'ATOMIC';
const END_ATOMIC = 'END';

class ReadyState implements State {
  next(char: string, data: Token): State | null {
    switch (char) {
      case '$':
        return new TagState(data.length - 1);
      case "'":
      case '"':
        return new QuoteState(char);
      case '-':
        return new CommentState();
      case '/':
        return new BlockState();
      case '\\':
        return new EscapeState();
      case ';':
        return null;
      case '(':
        return new AtomicState(this, ')');
      case 'c':
      case 'C': {
        // "ATOMIC" as a word of its own (preceded by white space), not part of an identifier.
        const start = data.length - BEGIN_ATOMIC.length;
        if (start > 0 && data.from(start).toUpperCase() === BEGIN_ATOMIC && /\s/.test(data.at(start - 1))) {
          return new AtomicState(this, END_ATOMIC);
        }
        return this;
      }
      default:
        return this;
    }
  }
}

/** After one `-`: a second one opens a line comment. */
class CommentState implements State {
  next(char: string, data: Token): State | null {
    if (char === '-') return new DollarState('\n');
    return new ReadyState().next(char, data);
  }
}

/** After `/`: `*` opens a block comment; block comments nest. */
class BlockState implements State {
  private depth = 0;

  next(char: string, data: Token): State | null {
    const window = data.tail(2);
    if (window === '/*') {
      this.depth += 1;
      return this;
    }
    if (this.depth === 0) return new ReadyState().next(char, data);
    if (window === '*/') {
      this.depth -= 1;
      if (this.depth === 0) return new ReadyState();
    }
    return this;
  }
}

/** Inside '…' or "…"; a doubled delimiter is an escaped one. */
class QuoteState implements State {
  private closing = false;

  constructor(private readonly delimiter: string) {}

  next(char: string, data: Token): State | null {
    if (this.closing) {
      if (char === this.delimiter) {
        this.closing = false;
        return this;
      }
      return new ReadyState().next(char, data);
    }
    if (char === this.delimiter) this.closing = true;
    return this;
  }
}

/** Inside a dollar quote (or a line comment, whose "closing tag" is the newline): nothing is special. */
class DollarState implements State {
  constructor(private readonly delimiter: string) {}

  next(_char: string, data: Token): State | null {
    return data.tail(this.delimiter.length) === this.delimiter ? new ReadyState() : this;
  }
}

/** After `$`: letters, digits and `_` make up a tag until the closing `$`. */
class TagState implements State {
  constructor(private readonly offset: number) {}

  next(char: string, data: Token): State | null {
    if (char === '$') return new DollarState(data.from(this.offset));
    if (/[\p{L}\p{N}_]/u.test(char)) return this;
    return new ReadyState().next(char, data);
  }
}

/** After `\`: the next character is taken literally. */
class EscapeState implements State {
  next(): State {
    return new ReadyState();
  }
}

/** Inside (…) or BEGIN ATOMIC … END: `;` does not end the statement until the closing delimiter. */
class AtomicState implements State {
  constructor(
    private inner: State,
    private readonly delimiter: string,
  ) {}

  next(char: string, data: Token): State | null {
    const next = this.inner.next(char, data);
    if (next !== null) this.inner = next;
    if (
      this.inner instanceof ReadyState &&
      data.tail(this.delimiter.length).toUpperCase() === this.delimiter
    ) {
      return new ReadyState();
    }
    return this;
  }
}

/** Statements of `sql` as the Supabase CLI's `parser.SplitAndTrim` returns them. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let state: State = new ReadyState();
  let token = new Token(sql, 0, 0);
  while (token.end < sql.length) {
    const char = String.fromCodePoint(sql.codePointAt(token.end) ?? 0);
    token.end += char.length;
    const next = state.next(char, token);
    if (next === null) {
      statements.push(sql.slice(token.start, token.end));
      token = new Token(sql, token.end, token.end);
      state = new ReadyState();
    } else {
      state = next;
    }
  }
  if (token.length > 0) statements.push(sql.slice(token.start));
  return statements.map((statement) => statement.replace(/;+$/, '').trim()).filter((s) => s.length > 0);
}
