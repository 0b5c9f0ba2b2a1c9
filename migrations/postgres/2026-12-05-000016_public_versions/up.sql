-- Counters of what pages outside one event show: 'ratings' moves with every change to the
-- national rating list (a period rated again, an event put in or taken out), 'registry' with
-- every change to the registry's people (a new person, an edit, a merge, an account bound).
-- Pages of the list, of circuits and of people are kept per value of these counters.
CREATE TABLE public_versions (
    name TEXT PRIMARY KEY NOT NULL,
    value BIGINT NOT NULL
);
INSERT INTO public_versions (name, value) VALUES ('ratings', 1), ('registry', 1);
