-- The three plans and their limits (ARCHITECTURE.md, "Plans"). Prices are in cents per month.
INSERT INTO `plans` (`id`, `type`, `name`, `price`, `description`, `max_servers`, `max_tools_per_server`, `max_tool_calls_per_month`, `automated_crawls`, `api_access`, `priority_support`, `custom_domain`, `popular`, `sort_order`) VALUES
  ('plan_free', 'free', 'Free', 0, 'Try Toolport with one MCP server.', 1, 10, 1000, 0, 1, 0, 0, 0, 0),
  ('plan_sprout', 'sprout', 'Sprout', 1900, 'For individuals and small teams shipping real MCP servers.', 5, 50, 25000, 1, 1, 0, 0, 1, 1),
  ('plan_growth', 'growth', 'Growth', 9900, 'For teams running MCP servers in production.', 25, 250, 250000, 1, 1, 1, 1, 0, 2);
