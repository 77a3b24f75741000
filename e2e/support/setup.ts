// Browser tests drive a real stack: give each test a minute (the suite does not assert time).
jest.setTimeout(60_000);
