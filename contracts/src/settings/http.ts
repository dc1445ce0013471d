import { z } from 'zod';

// What the picking screen follows; every signed-in user may read it, a manager sets it.
export const pickingSettingsSchema = z.object({
  scan_location_first: z.boolean(),
  // When a manager last changed it; null while it has never been set (the default: off).
  updated_at: z.string().nullable(),
});
export type PickingSettings = z.infer<typeof pickingSettingsSchema>;

export const updatePickingSettingsBodySchema = z.object({
  scan_location_first: z.boolean({ error: 'Scan location first must be true or false' }),
});
export type UpdatePickingSettingsBody = z.input<typeof updatePickingSettingsBodySchema>;
