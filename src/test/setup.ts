// Every test file runs on its own in-memory PGlite database unless DATABASE_URL points the API
// suite at a real PostgreSQL server (design §11: both engines are proven).
if (!process.env.DATABASE_URL) process.env.DATA_DIR = "memory://";
process.env.NODE_ENV = "test";
