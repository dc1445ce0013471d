-- Moves of stock between locations: each move is its own stream (move-<id>), its id drawn from this sequence.
create sequence stock_move_id_seq;
