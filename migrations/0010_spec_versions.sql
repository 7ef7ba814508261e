CREATE TABLE `spec_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`server_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`status` text NOT NULL,
	`origin` text NOT NULL,
	`source_url` text,
	`filename` text,
	`title` text,
	`version` text,
	`tool_count` integer NOT NULL,
	`diff` text,
	`breaking` integer DEFAULT false NOT NULL,
	`auth_summary` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`applied_at` integer,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `spec_versions_server_idx` ON `spec_versions` (`server_id`,`created_at`);
