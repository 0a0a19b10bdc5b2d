// Display texts shared by every page: money in Tk and the spec's name cut.

const tk = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** formatTk(85000) -> "85,000 Tk". */
export function formatTk(amount: number): string {
  return `${tk.format(amount)} Tk`;
}

/** Names of NAME_CUT characters or more are cut to NAME_CUT plus "...". */
export const NAME_CUT = 25;

/** cutName shortens long product names for tables (spec: 25-character cut). */
export function cutName(name: string): string {
  const chars = Array.from(name);
  return chars.length >= NAME_CUT ? `${chars.slice(0, NAME_CUT).join("")}...` : name;
}
