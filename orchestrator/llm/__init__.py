"""The LLM plumbing of the ``openai`` reasoner: settings, the chat client (retries, structured
output, validation and repair, cache, accounting, concurrency limit), prompt templates, JSON
schemas, screenshot preparation and the price table. One concept per module; the reasoner
itself is ``orchestrator.reasoner.openai_reasoner``."""
