/**
 * One mapping of Postgres values to JavaScript for both `Db` implementations, so code and tests behave
 * the same on PGlite and on PostgreSQL 15. PGlite's defaults are the reference; the `pg` driver is told
 * to match them where its own defaults differ:
 *
 * | Postgres                    | JavaScript                                                       |
 * |-----------------------------|------------------------------------------------------------------|
 * | int2, int4, int8, float     | number (int8 beyond 2^53 loses precision: cast to text if huge)  |
 * | numeric                     | string (exact)                                                   |
 * | bool                        | boolean                                                          |
 * | json, jsonb                 | parsed value                                                     |
 * | timestamptz                 | Date                                                             |
 * | timestamp (no time zone)    | Date, read as UTC (pg's default would use the process time zone) |
 * | date                        | Date at 00:00 UTC                                                |
 * | interval                    | string as Postgres prints it                                     |
 * | bytea                       | Uint8Array (a Buffer on pg)                                      |
 * | arrays                      | arrays of the above                                              |
 * | uuid, text, enums, others   | string                                                           |
 *
 * Parameters: JS objects are sent as JSON by both. Send a JS array meant for a json/jsonb parameter as
 * `JSON.stringify(array)`: pg would otherwise send it as a Postgres array literal.
 */
import pg, { type CustomTypesConfig } from 'pg';

type TextParser = (text: string) => unknown;

const OID = {
  int8: 20,
  int8Array: 1016,
  textArray: 1009,
  date: 1082,
  dateArray: 1182,
  timestamp: 1114,
  timestampArray: 1115,
  timestamptz: 1184,
  interval: 1186,
  intervalArray: 1187,
} as const;

const defaultParser = (oid: number) => pg.types.getTypeParser(oid, 'text') as TextParser;
const parseTimestamptz = defaultParser(OID.timestamptz);
const parseTextArray = defaultParser(OID.textArray) as (text: string) => (string | null)[];

/** A timestamp without time zone, read as UTC (as PGlite does, its server time zone being UTC). */
function parseUtcTimestamp(text: string): unknown {
  if (text === 'infinity' || text === '-infinity') return parseTimestamptz(text);
  const bc = text.endsWith(' BC');
  return parseTimestamptz(bc ? `${text.slice(0, -3)}+00 BC` : `${text}+00`);
}

function parseUtcDate(text: string): unknown {
  if (text === 'infinity' || text === '-infinity') return parseTimestamptz(text);
  const bc = text.endsWith(' BC');
  return parseTimestamptz(bc ? `${text.slice(0, -3)} 00:00:00+00 BC` : `${text} 00:00:00+00`);
}

function arrayOf(parse: TextParser): TextParser {
  return (text) => parseTextArray(text).map((item) => (item === null ? null : parse(item)));
}

const textOverrides: Partial<Record<number, TextParser>> = {
  [OID.int8]: Number,
  [OID.int8Array]: arrayOf(Number),
  [OID.timestamp]: parseUtcTimestamp,
  [OID.timestampArray]: arrayOf(parseUtcTimestamp),
  [OID.date]: parseUtcDate,
  [OID.dateArray]: arrayOf(parseUtcDate),
  [OID.interval]: (text) => text,
  [OID.intervalArray]: arrayOf((text) => text),
};

/** `types` for a `pg` Pool or Client: PGlite's value mapping (see the table above). */
export const pgliteCompatibleTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    (format !== 'binary' ? textOverrides[oid] : undefined) ??
    pg.types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};
