"""Games only the tests play (registered in referee.model.registry.TEST_GAMES)."""
