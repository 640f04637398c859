-- The schema brag-table 0.1.0 (commit 86e7ab2) created, as its models compiled for this backend.
-- Kept as text: the upgrade test builds an old database from it without git or the old code.
CREATE TABLE schema_version (
	id INTEGER NOT NULL, 
	version INTEGER NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE sessions (
	id SERIAL NOT NULL, 
	game VARCHAR NOT NULL, 
	game_source VARCHAR NOT NULL, 
	game_text VARCHAR NOT NULL, 
	started_at TIMESTAMP WITH TIME ZONE NOT NULL, 
	ended_at TIMESTAMP WITH TIME ZONE, 
	end_reason VARCHAR, 
	start_bankroll VARCHAR NOT NULL, 
	bankroll VARCHAR NOT NULL, 
	rounds INTEGER NOT NULL, 
	settings VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE hands (
	id SERIAL NOT NULL, 
	session_id INTEGER NOT NULL, 
	round_no INTEGER NOT NULL, 
	played_at TIMESTAMP WITH TIME ZONE NOT NULL, 
	commitment VARCHAR NOT NULL, 
	seed VARCHAR NOT NULL, 
	dealer_cards VARCHAR NOT NULL, 
	dealer_hand VARCHAR NOT NULL, 
	qualifies BOOLEAN NOT NULL, 
	wagered VARCHAR NOT NULL, 
	net VARCHAR NOT NULL, 
	bankroll_before VARCHAR NOT NULL, 
	bankroll_after VARCHAR NOT NULL, 
	events VARCHAR NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (session_id, round_no), 
	FOREIGN KEY(session_id) REFERENCES sessions (id)
);
CREATE INDEX ix_hands_session_id ON hands (session_id);
CREATE TABLE boxes (
	id SERIAL NOT NULL, 
	hand_id INTEGER NOT NULL, 
	box INTEGER NOT NULL, 
	ante VARCHAR NOT NULL, 
	pair_plus VARCHAR NOT NULL, 
	cards VARCHAR NOT NULL, 
	hand_name VARCHAR NOT NULL, 
	decision VARCHAR, 
	outcome VARCHAR, 
	ante_net VARCHAR, 
	play_net VARCHAR, 
	ante_bonus_net VARCHAR, 
	pair_plus_net VARCHAR, 
	PRIMARY KEY (id), 
	UNIQUE (hand_id, box), 
	FOREIGN KEY(hand_id) REFERENCES hands (id)
);
CREATE INDEX ix_boxes_hand_id ON boxes (hand_id);
