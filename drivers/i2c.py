"""A Linux I2C bus through /dev/i2c-N: the few register reads and writes the expanders need."""

import fcntl
import os

I2C_SLAVE = 0x0703  # linux/i2c-dev.h: set the target address for read()/write()


class LinuxI2CBus:
    """Register access on ``/dev/i2c-<bus>`` with plain read()/write() (no smbus dependency).

    One lock-free user at a time: the expander factory serialises its calls.
    """

    def __init__(self, bus: int):
        self.path = f"/dev/i2c-{bus}"
        self._fd = os.open(self.path, os.O_RDWR)
        self._address: int | None = None

    def _select(self, address: int) -> None:
        if address != self._address:
            fcntl.ioctl(self._fd, I2C_SLAVE, address)
            self._address = address

    def write_register(self, address: int, register: int, value: int) -> None:
        self._select(address)
        os.write(self._fd, bytes((register, value)))

    def read_registers(self, address: int, register: int, count: int) -> bytes:
        self._select(address)
        os.write(self._fd, bytes((register,)))
        return os.read(self._fd, count)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
