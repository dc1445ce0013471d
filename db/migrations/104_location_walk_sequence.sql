-- A manager's place for a location on the pick path; null: derived from its code (contracts, inventory/walk.ts).
alter table rm_locations add column walk_sequence bigint;
