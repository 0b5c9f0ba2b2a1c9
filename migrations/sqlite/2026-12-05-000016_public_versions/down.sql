DROP TABLE public_versions;
