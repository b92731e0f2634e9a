"""The model: what every game is made of (the engine and its flow, the declaration of verbs,
errors, chance, the registry of games, rule names, words, and the plain-text pieces a board is
drawn with). It imports nothing else of the referee but `referee/scorers/`."""
