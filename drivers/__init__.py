"""Real table parts: one class per physical part, built on gpiozero devices over an injected pin factory."""
