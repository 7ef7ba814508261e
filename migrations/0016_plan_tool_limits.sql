-- Paid plans hold a whole large API in search mode (GitHub has 1,223 operations): Sprout 1,000 and Growth 5,000 active tools per server; Free stays at 10.
UPDATE `plans` SET `max_tools_per_server` = 1000 WHERE `id` = 'plan_sprout';
--> statement-breakpoint
UPDATE `plans` SET `max_tools_per_server` = 5000 WHERE `id` = 'plan_growth';
