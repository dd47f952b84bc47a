"""RFID readers: sans-IO frame codecs (PN532, M100-family UHF) and the serial readers built on them."""
