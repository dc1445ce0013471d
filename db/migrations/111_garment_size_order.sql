-- Garment sizes in the order a shop floor reads them. contracts/src/platform/sizes.ts (sizeRank) computes the same
-- rank in Node: numbers by value, then letter sizes around M (XS = M - 2, 2XL = XXL = M + 3), then other sizes, then
-- Free Size. Lists sort by `garment_size_rank(size), size collate "C"`.
-- One CASE with no FROM and not STRICT, so the planner inlines it into the calling query instead of calling a
-- function per row.
create function garment_size_rank(size text) returns numeric
language sql immutable parallel safe as $$
  select case
    when btrim(size, E' \t\r\n') ~ '^[0-9]{1,5}(\.[0-9]{1,3})?$' then btrim(size, E' \t\r\n')::numeric
    when upper(btrim(size, E' \t\r\n')) = 'M' then 100010
    when upper(btrim(size, E' \t\r\n')) ~ '^(X{0,6}|[2-6]X)[SL]$' then
      100010 + (case when upper(right(btrim(size, E' \t\r\n'), 1)) = 'S' then -1 else 1 end)
             * (1 + case when btrim(size, E' \t\r\n') ~ '^[2-6]' then left(btrim(size, E' \t\r\n'), 1)::int
                         else length(btrim(size, E' \t\r\n')) - 1 end)
    when replace(upper(btrim(size, E' \t\r\n')), ' ', '') in ('FS', 'FREESIZE', 'ONESIZE', 'OS') then 300000
    else 200000
  end
$$;
