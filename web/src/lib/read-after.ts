import { parseWalPosition, READ_AFTER_HEADER } from '@wh/contracts/platform/http';

// Read your writes with a read replica: the server answers each command, and announces each change on the live socket,
// with `read_after`, the primary's WAL position once the change is in the read models. The highest one this tab has
// seen goes with every read, so the server answers it from data at least that recent (waiting for the replica, or
// reading the primary). Without a replica the server sends none, and reads carry no header.
let highest: { text: string; value: bigint } | null = null;

export function noteReadAfter(text: string | undefined): void {
  if (!text) return;
  const value = parseWalPosition(text);
  if (value !== null && (highest === null || value > highest.value)) highest = { text, value };
}

export function readAfterHeaders(): Record<string, string> {
  return highest ? { [READ_AFTER_HEADER]: highest.text } : {};
}
