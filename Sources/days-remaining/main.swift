print("days-remaining: not built yet")
