"""A push sent by aioapns (PyPI), a real provider library, pointed at Baton's APNs server: only the host (and the
port) change, and the server's self-signed certificate is trusted.

usage: aioapns_push.py HOST PORT CAFILE KEYFILE KEYID TEAM TOPIC TOKEN TITLE
prints the result's status and description, one line.
"""
import asyncio
import ssl
import sys
import uuid

from aioapns import APNs, NotificationRequest, PushType
import aioapns.connection as connection


async def main(host, port, cafile, keyfile, key_id, team, topic, token, title):
    for protocol in (connection.APNsProductionClientProtocol, connection.APNsDevelopmentClientProtocol):
        protocol.APNS_SERVER = host
        protocol.APNS_PORT = int(port)
    with open(keyfile) as f:
        key = f.read()
    client = APNs(
        key=key, key_id=key_id, team_id=team, topic=topic, use_sandbox=False,
        ssl_context=ssl.create_default_context(cafile=cafile))
    request = NotificationRequest(
        device_token=token, message={"aps": {"alert": {"title": title, "body": "from aioapns"}}},
        notification_id=str(uuid.uuid4()), push_type=PushType.ALERT)
    result = await client.send_notification(request)
    print(result.status, "Success" if result.is_successful else result.description, result.notification_id)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:10]))
