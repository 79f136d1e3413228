"""Computer players. They decide from a player's view and the engine's legal options only."""
