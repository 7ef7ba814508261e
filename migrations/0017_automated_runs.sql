CREATE TABLE `automated_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`server_id` text NOT NULL,
	`kind` text NOT NULL,
	`crawl_id` text,
	`outcome` text DEFAULT 'running' NOT NULL,
	`tools_added` integer DEFAULT 0 NOT NULL,
	`tools_removed` integer DEFAULT 0 NOT NULL,
	`tools_changed` integer DEFAULT 0 NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL,
	`redeployed` integer DEFAULT false NOT NULL,
	`version_id` text,
	`error` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `automated_runs_server_idx` ON `automated_runs` (`server_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `automated_runs_crawl_idx` ON `automated_runs` (`crawl_id`);