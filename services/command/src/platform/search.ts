// Text typed into a search box goes into ILIKE patterns as data: its own % and _ match themselves.
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
