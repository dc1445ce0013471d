// Shared by the features that take a range of locations (creating them, counting them).
// Every code of a range: bins zone x aisle x shelf (A-1-1 .. C-4-3), racks prefix and number (R-1 .. R-10).
// The count is checked before a code is made: a range's size never decides how long this runs.
export function expandRange(from: string, to: string, binPattern: RegExp, rackPattern: RegExp, max: number): string[] | string {
  const tooMany = (count: number) => `A range may hold at most ${max} locations; this one holds ${count}`;
  const fb = binPattern.exec(from);
  const tb = binPattern.exec(to);
  if (fb && tb) {
    const [z1, z2] = [zoneIndex(fb[1]!), zoneIndex(tb[1]!)];
    const [a1, a2, s1, s2] = [Number(fb[2]), Number(tb[2]), Number(fb[3]), Number(tb[3])];
    if (fb[1]!.length !== tb[1]!.length || z2 < z1 || a2 < a1 || s2 < s1) return 'The range must run from the lower code to the higher (e.g. A-1-1 to C-4-3)';
    const count = (z2 - z1 + 1) * (a2 - a1 + 1) * (s2 - s1 + 1);
    if (count > max) return tooMany(count);
    const codes: string[] = [];
    for (let z = z1; z <= z2; z++) for (let a = a1; a <= a2; a++) for (let s = s1; s <= s2; s++) codes.push(`${zoneName(z, fb[1]!.length)}-${a}-${s}`);
    return codes;
  }
  const fr = rackPattern.exec(from);
  const tr = rackPattern.exec(to);
  if (fr && tr) {
    if (fr[1] !== tr[1]) return 'Both ends of a rack range need the same prefix (e.g. R-1 to R-10)';
    const [n1, n2] = [Number(fr[2]), Number(tr[2])];
    if (n2 < n1) return 'The range must run from the lower code to the higher (e.g. R-1 to R-10)';
    if (n2 - n1 + 1 > max) return tooMany(n2 - n1 + 1);
    return Array.from({ length: n2 - n1 + 1 }, (_, i) => `${fr[1]}-${n1 + i}`);
  }
  return 'Both ends of a range must have the same form (A-1-1 or R-1)';
}

// Zones as bijective base 26: A..Z, then AA.. for multi-letter zones of the same length.
function zoneIndex(zone: string): number {
  return [...zone].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 65), 0);
}
function zoneName(index: number, length: number): string {
  let name = '';
  for (let i = 0, n = index; i < length; i++, n = Math.floor(n / 26)) name = String.fromCharCode(65 + (n % 26)) + name;
  return name;
}
