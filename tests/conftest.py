"""Test-wide fixtures: where the repository and the shared reference material sit."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
# CI clones the repository next to a copy of shared/; a developer checkout sits the same way.
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"the shared reference folder is missing: expected it at {SHARED}")
    return SHARED

