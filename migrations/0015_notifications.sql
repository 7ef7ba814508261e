CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`link` text,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_org_created_idx` ON `notifications` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_org_dedupe_idx` ON `notifications` (`organization_id`,`dedupe_key`);