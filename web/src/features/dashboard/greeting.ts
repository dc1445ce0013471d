// Greeting by local time (spec section 2, Dashboard): before 12 morning, before 17 afternoon, else evening.
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The first three permissions, then '+N more'. */
export function permissionPreview(permissions: readonly string[], shown = 3): { shown: string[]; more: string | null } {
  const rest = permissions.length - shown;
  return { shown: permissions.slice(0, shown), more: rest > 0 ? `+${rest} more` : null };
}
