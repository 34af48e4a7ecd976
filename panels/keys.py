"""Session-state keys that the dashboard and more than one panel share."""

SELECTED = "selected_event"  # the id of the selected event, or None
