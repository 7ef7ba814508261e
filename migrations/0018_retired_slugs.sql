CREATE TABLE `retired_slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
