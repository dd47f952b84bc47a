"""Table configuration: TOML sections read through typed, range-checked getters.

Modelled on Klipper's config wrapper: every option is validated where it is read, every
message names the section and the key, and after start-up ``check_unused`` rejects any
section or key nobody read, so a typo stops the table instead of being silently ignored.
A pin may be claimed by one option only.
"""

import tomllib
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "config" / "table.toml"

_REQUIRED = object()


class ConfigError(ValueError):
    """A config problem; the message names the file, section and key. Exit code 2 at start-up."""


class Section:
    """One ``[section]`` of the file; getters record what was read."""

    def __init__(self, config: "Config", name: str, values: dict[str, Any]):
        self.config = config
        self.name = name
        self._values = values
        self._read: set[str] = set()

    def __repr__(self) -> str:
        return f"Section({self.name!r})"

    def error(self, key: str, problem: str) -> ConfigError:
        return ConfigError(f"{self.config.source}: [{self.name}] {key}: {problem}")

    def has(self, key: str) -> bool:
        return key in self._values

    def _get(self, key: str, default: Any, types: tuple[type, ...], type_name: str) -> Any:
        self._read.add(key)
        if key not in self._values:
            if default is _REQUIRED:
                raise self.error(key, "is required but missing")
            return default
        value = self._values[key]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            raise self.error(key, f"must be {type_name}, got {value!r}")
        return value

    def _check_range(self, key: str, value: float, minval, maxval) -> None:
        if minval is not None and value < minval:
            raise self.error(key, f"must be at least {minval}, got {value}")
        if maxval is not None and value > maxval:
            raise self.error(key, f"must be at most {maxval}, got {value}")

    def get_int(self, key: str, default: Any = _REQUIRED, minval: int | None = None,
                maxval: int | None = None) -> int:
        value = self._get(key, default, (int,), "a whole number")
        self._check_range(key, value, minval, maxval)
        return value

    def get_float(self, key: str, default: Any = _REQUIRED, minval: float | None = None,
                  maxval: float | None = None) -> float:
        value = float(self._get(key, default, (int, float), "a number"))
        self._check_range(key, value, minval, maxval)
        return value

    def get_bool(self, key: str, default: Any = _REQUIRED) -> bool:
        return self._get(key, default, (bool,), "true or false")

    def get_str(self, key: str, default: Any = _REQUIRED,
                choices: tuple[str, ...] | None = None) -> str:
        value = self._get(key, default, (str,), "a string")
        if choices is not None and value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}; got {value!r}")
        return value

    def get_pin(self, key: str, default: Any = _REQUIRED) -> str | None:
        """A GPIO pin name (e.g. "GPIO17" or "BOARD11"); each pin may be used once in the file."""
        value = self._get(key, default, (str, int), "a pin name")
        if value is None:
            return None
        pin = f"GPIO{value}" if isinstance(value, int) else value
        self.config.claim_pin(pin, f"[{self.name}] {key}", self.error(key, "pin"))
        return pin

    def unused_keys(self) -> list[str]:
        return sorted(set(self._values) - self._read)


class Config:
    """A whole config file. ``section(name)`` hands out sections; ``check_unused`` closes reading."""

    def __init__(self, data: dict[str, Any], source: str = "<config>"):
        self.source = source
        self._sections: dict[str, Section] = {}
        self._pins: dict[str, str] = {}
        for name, values in _flatten(data):
            self._sections[name] = Section(self, name, values)
        self._asked: set[str] = set()

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PATH) -> "Config":
        path = Path(path)
        try:
            with path.open("rb") as fh:
                data = tomllib.load(fh)
        except FileNotFoundError:
            raise ConfigError(f"{path}: config file not found") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from None
        return cls(data, str(path))

    def section(self, name: str, required: bool = True) -> Section:
        """The section ``[name]``; an absent optional section reads as empty (all defaults)."""
        self._asked.add(name)
        if name not in self._sections:
            if required:
                raise ConfigError(f"{self.source}: section [{name}] is required but missing")
            self._sections[name] = Section(self, name, {})
        return self._sections[name]

    def has_section(self, name: str) -> bool:
        return name in self._sections

    def sections(self, prefix: str) -> list[Section]:
        """Every section named ``prefix.<something>``, in file order."""
        found = [s for n, s in self._sections.items() if n.startswith(prefix + ".")]
        self._asked.update(s.name for s in found)
        return found

    def claim_pin(self, pin: str, user: str, error: ConfigError) -> None:
        if pin in self._pins:
            raise ConfigError(f"{error}: {pin} is already used by {self._pins[pin]}")
        self._pins[pin] = user

    def check_unused(self) -> None:
        """Reject sections and keys that no part read: they are typos or stale options."""
        problems = [f"[{n}] is not a known section" for n in self._sections if n not in self._asked]
        for name in self._asked & self._sections.keys():
            problems += [f"[{name}] {k}: unknown option" for k in self._sections[name].unused_keys()]
        if problems:
            raise ConfigError(f"{self.source}: " + "; ".join(problems))


def _flatten(data: dict[str, Any], prefix: str = ""):
    """Yield (dotted section name, scalar options) for every TOML table that holds options."""
    scalars = {k: v for k, v in data.items() if not isinstance(v, dict)}
    if prefix and scalars:
        yield prefix, scalars
    elif prefix and not any(isinstance(v, dict) for v in data.values()):
        yield prefix, {}
    elif scalars and not prefix:
        raise ConfigError(f"options {', '.join(sorted(scalars))} must sit inside a [section]")
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}.{key}" if prefix else key)
