import type { ReactNode } from 'react';
import type { Gender } from '@wh/contracts/inventory/events';
import { GENDERS, LOCATION_TYPE_LABELS } from '@wh/contracts/inventory/events';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { Select } from '../../../components/ui/select.tsx';

export type CreatableType = 'bin' | 'rack' | 'jean_rack';

export const TYPE_OPTIONS: { id: CreatableType; label: string }[] = (['bin', 'rack', 'jean_rack'] as const).map((id) => ({ id, label: LOCATION_TYPE_LABELS[id] }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ id: g, label: g[0]!.toUpperCase() + g.slice(1) }));

export interface LocationShape {
  type: CreatableType;
  capacity: number;
  gender: Gender | null;
}

export function codeHint(type: CreatableType): string {
  if (type === 'bin') return 'Zone letter, aisle, shelf: A-1-1';
  return type === 'jean_rack' ? 'Prefix and number: J-1' : 'Prefix and number: R-1';
}

/** The body fields every create shares: capacity (a regular rack may go without) and a jean rack's gender. */
export function shapeBody(shape: LocationShape) {
  return {
    location_type: shape.type,
    capacity: Number.isNaN(shape.capacity) ? null : shape.capacity,
    ...(shape.type === 'jean_rack' ? { gender: shape.gender } : {}),
  };
}

export function LocationShapeFields({
  shape,
  onChange,
  errors,
  children,
}: {
  shape: LocationShape;
  onChange: (shape: LocationShape) => void;
  errors: Record<string, string>;
  /** The code fields, placed after the type they depend on. */
  children: ReactNode;
}) {
  return (
    <>
      <Select<CreatableType> label="Type" options={TYPE_OPTIONS} value={shape.type} onChange={(type) => onChange({ ...shape, type })} />
      {children}
      <NumberField
        label="Capacity"
        minValue={0}
        value={shape.capacity}
        onChange={(capacity) => onChange({ ...shape, capacity })}
        description={shape.type === 'rack' ? 'Units it holds; leave empty for no limit' : 'Units it holds'}
        errorMessage={errors.capacity}
      />
      {shape.type === 'jean_rack' ? (
        <Select<Gender>
          label="Gender"
          placeholder="Select a gender"
          options={GENDER_OPTIONS}
          value={shape.gender}
          onChange={(gender) => onChange({ ...shape, gender })}
          errorMessage={errors.gender}
        />
      ) : null}
    </>
  );
}
