// When an import happened, as the audit and reports projections read it in SQL.

// An import's `at` exactly as the command side writes it (Date.toISOString): the server reads the same instant from
// it as contracts' occurredAt does. Anything else (hand-written events) keeps the in-process path.
export function importedInSql(at: unknown): boolean {
  // Every event of an upload carries the same `at`, and both audit and reports ask for each: parsing and formatting
  // it for every one of 100,000 events costs the projector's one thread a noticeable share of the upload.
  if (at === lastAt) return lastAnswer;
  const answer = typeof at === 'string' && at.length === 24 && isoRoundTrips(at);
  lastAt = at;
  lastAnswer = answer;
  return answer;
}
let lastAt: unknown;
let lastAnswer = false;
function isoRoundTrips(at: string): boolean {
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === at;
}
