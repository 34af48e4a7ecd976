"""Session-state keys that the dashboard and more than one panel share."""

SELECTED = "selected_event"  # the id of the selected event, or None
AS_OF = "as_of"  # the "as known on" day, None for everything (the link's ?as_of= at first)
STARTED = "started"  # set once the view has been opened from the link
NOTICE_PARAMS = "notice_params"  # the link as first settled: its unused parameters are noticed until it changes
