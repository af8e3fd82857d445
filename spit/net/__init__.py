"""Spit over the network: the wire protocol, the authoritative server, the client.

No Textual here: the server, the headless bot client and the app share this package.
``docs/network.md`` describes the protocol, rooms, fault and security rules.
"""
