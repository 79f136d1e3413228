"""pygame-ce window: app loop, one input gateway, scenes, widgets, drawing."""
