CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`created_by` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`object_key` text NOT NULL,
	`source_url` text,
	`filename` text,
	`name` text,
	`description` text,
	`progress` text DEFAULT '{"bytes":0,"pathItems":0,"totalPathItems":0,"operations":0,"tools":0}' NOT NULL,
	`server_id` text,
	`report` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `import_jobs_org_idx` ON `import_jobs` (`organization_id`,`created_at`);