-- The version of its type's shape each event was written at (contracts/src/platform/event-schemas.ts): readers turn
-- an older version into today's shape through the type's upcasters. Every event written before versions existed is
-- version 1. A constant default is stored once in the catalogue, so adding the column rewrites no row.
alter table events add column schema_version smallint not null default 1;
