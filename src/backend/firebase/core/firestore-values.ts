/**
 * Reading Firestore field values into plain data (DESIGN §3: no Timestamp, DocumentSnapshot or
 * Date leaves the adapter). The converters of each collection build on these.
 */
import { Timestamp, type DocumentData, type QueryDocumentSnapshot, type SnapshotOptions } from 'firebase/firestore';
import type { IsoDateTime } from '@/domain/types';

/**
 * A snapshot's data with pending server timestamps replaced by local estimates, so that a
 * write just made shows its time at once instead of `null`.
 */
export function dataWithEstimates(
  snapshot: QueryDocumentSnapshot<DocumentData, DocumentData>,
  options: SnapshotOptions | undefined,
): DocumentData {
  return snapshot.data({ ...options, serverTimestamps: 'estimate' });
}

/**
 * A timestamp field as an ISO-8601 UTC string.
 * @param value a Firestore Timestamp, an ISO string, or missing.
 * @param fallback used when the field is missing or malformed (defaults to now).
 */
export function isoFrom(value: unknown, fallback?: IsoDateTime): IsoDateTime {
  return optionalIsoFrom(value) ?? fallback ?? new Date().toISOString();
}

/** An optional timestamp field as an ISO-8601 UTC string, or `undefined` when missing. */
export function optionalIsoFrom(value: unknown): IsoDateTime | undefined {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return undefined;
}

/** A string field, or `fallback` when missing or not a string. */
export function stringFrom(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** An optional string field: `undefined` for missing, `null` or empty. */
export function optionalStringFrom(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A number field, or `fallback`. */
export function numberFrom(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** An array-of-strings field, dropping anything else. */
export function stringsFrom(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** `value` when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The `toFirestore` half of a read-only converter: documents are written field by field with
 * server timestamps (see each module's write functions), never from a converted model.
 */
export function notWrittenThroughConverter(collection: string): () => never {
  return () => {
    throw new Error(`${collection} documents are written field by field, not through their converter.`);
  };
}
