import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RECEIVING_LOCATION } from '@wh/contracts/platform/stock';
import { Alert } from '../../../components/ui/alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { unitCount } from '../../../lib/format.ts';
import { selectableLocationsQuery } from '../api/receiving-api.ts';
import { locationChoices, locationLabel } from '../direct-approval.ts';

const RECEIVING = 'receiving';

/** Where approved receipts go: the receiving area unless a bin or rack with space left is chosen. */
export function useDestination() {
  const [choice, setChoice] = useState<string>(RECEIVING);
  const locations = useQuery(selectableLocationsQuery());
  const options = locationChoices(locations.data);
  return {
    choice,
    setChoice,
    options,
    /** The chosen location, or null for the receiving area. */
    chosen: options.find((l) => String(l.id) === choice) ?? null,
    /** What the approval sends: no location means RECEIVING. */
    body: choice === RECEIVING ? {} : { location_id: Number(choice) },
    loadError: locations.isError ? messageOf(locations.error, 'Failed to fetch locations') : undefined,
  };
}

export type Destination = ReturnType<typeof useDestination>;

export interface DestinationSelectProps {
  destination: Destination;
  /** The units to approve: a chosen location without room for them is pointed out before approving. */
  units: number;
  description?: string;
}

export function DestinationSelect({ destination, units, description }: DestinationSelectProps) {
  const { chosen } = destination;
  const room = chosen?.available_space ?? null;
  return (
    <>
      <Select
        label="Location"
        options={[
          { id: RECEIVING, label: `${RECEIVING_LOCATION} (receiving area)` },
          ...destination.options.map((l) => ({ id: String(l.id), label: locationLabel(l) })),
        ]}
        value={destination.choice}
        onChange={destination.setChoice}
        description={destination.loadError ?? description}
      />
      {chosen && room !== null && units > room ? (
        <Alert tone="warning">
          {chosen.location} has room for {unitCount(room)}: these {unitCount(units)} take it {units - room} over its capacity.
        </Alert>
      ) : null}
    </>
  );
}
