"""A register-level stand-in for MCP23017 chips on an I2C bus (what /dev/i2c-1 would reach)."""


class FakeMcp23017Bus:
    """Chips at the given addresses: IODIR/GPPU/OLAT registers as written, GPIO as read back
    (outputs read their latch; inputs read the level the jig drives, else their pull-up)."""

    def __init__(self, *addresses: int):
        self.registers = {a: {r: 0xFF if r in (0x00, 0x01) else 0 for r in range(0x16)}
                          for a in addresses}
        self.external: dict[tuple[int, int], bool] = {}
        self.log: list[tuple[int, int, int]] = []

    def write_register(self, address: int, register: int, value: int) -> None:
        if address not in self.registers:
            raise OSError(121, "Remote I/O error")
        self.registers[address][register] = value
        self.log.append((address, register, value))

    def _port(self, address: int, port: int) -> int:
        regs = self.registers[address]
        level = 0
        for bit in range(8):
            mask = 1 << bit
            if not regs[0x00 + port] & mask:
                on = regs[0x14 + port] & mask
            else:
                on = self.external.get((address, 8 * port + bit), bool(regs[0x0C + port] & mask))
            level |= mask if on else 0
        return level

    def read_registers(self, address: int, register: int, count: int) -> bytes:
        if address not in self.registers:
            raise OSError(121, "Remote I/O error")
        assert (register, count) == (0x12, 2), "the factory reads GPIOA+GPIOB in one go"
        return bytes((self._port(address, 0), self._port(address, 1)))

    def drive(self, address: int, bit: int, level: bool | None) -> None:
        """The wiring pulls an input pin high/low (None: leave it to the pull-up)."""
        if level is None:
            self.external.pop((address, bit), None)
        else:
            self.external[(address, bit)] = level
