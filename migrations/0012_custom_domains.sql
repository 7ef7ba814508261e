CREATE TABLE `custom_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`server_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`hostname` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_reason` text,
	`provider_id` text,
	`dns_records` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`checked_at` integer,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_server_id_unique` ON `custom_domains` (`server_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_domains_hostname_unique` ON `custom_domains` (`hostname`);--> statement-breakpoint
CREATE INDEX `custom_domains_org_idx` ON `custom_domains` (`organization_id`);
