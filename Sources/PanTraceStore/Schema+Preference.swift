// The migration that adds `preference`: the answers to "Which felt better?"
// of the lab's A/B sessions (docs/lab.md, docs/sqlite.md). Self-contained:
// it only creates, so it can run after any other migration. Never modify it
// once it has shipped.

extension Schema {
    /// Adds the table `preference` and the triggers that delete a
    /// preference with either of its runs or traces (and follow a trace
    /// renamed by hand). schema.sql holds the same statements.
    static let preference = #"""
-- preference: one answer to "Which felt better?" in a lab session that
-- compared two configs (docs/lab.md): the same task done once under each,
-- blind, in an order drawn per pair.
CREATE TABLE preference (
    -- the lab session, as the traces' meta.session
    session TEXT NOT NULL,
    -- the task's id, as the traces' meta.task
    task TEXT NOT NULL,
    -- the runs of config A (the lab's own) and config B (--versus-preset, --versus-config)
    run_a INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    run_b INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    -- the names of the traces of the gesture done under A and under B
    trace_a TEXT NOT NULL UNIQUE,
    trace_b TEXT NOT NULL UNIQUE,
    -- 'a' when the gesture under A was done first, else 'b'
    shown_first TEXT NOT NULL CHECK (shown_first = 'a' OR shown_first = 'b'),
    -- what the person preferred: 'a', 'b' or 'same'
    choice TEXT NOT NULL CHECK (choice = 'a' OR choice = 'b' OR choice = 'same')
);

-- A deleted run or trace takes its preferences along (also with foreign keys off).
CREATE TRIGGER run_delete_preferences AFTER DELETE ON run
BEGIN
    DELETE FROM preference WHERE run_a = OLD.id OR run_b = OLD.id;
END;

CREATE TRIGGER trace_delete_preferences AFTER DELETE ON trace
BEGIN
    DELETE FROM preference WHERE trace_a = OLD.name OR trace_b = OLD.name;
END;

-- A trace renamed by hand keeps its preferences.
CREATE TRIGGER trace_rename_preferences AFTER UPDATE OF name ON trace
WHEN NEW.name IS NOT OLD.name
BEGIN
    UPDATE preference SET trace_a = NEW.name WHERE trace_a = OLD.name;
    UPDATE preference SET trace_b = NEW.name WHERE trace_b = OLD.name;
END;

"""#
}
